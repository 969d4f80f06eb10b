import { TESTIMONIALS, type Testimonial } from './landing-content';

function Quote({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonial">
      <blockquote>“{testimonial.quote}”</blockquote>
      <figcaption>{testimonial.who}</figcaption>
    </figure>
  );
}

/**
 * The scrolling testimonial strip. The list is drawn twice so the CSS animation loops without a
 * gap; the copy is aria-hidden so screen readers read each quote once. The strip stops while
 * hovered or focused, and does not move at all for visitors who ask for reduced motion.
 */
export function TestimonialStrip() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className="section-title">
        What learners say
      </h2>
      <div className="testimonial-window">
        <div className="testimonial-track">
          <div className="testimonial-set">
            {TESTIMONIALS.map((t) => (
              <Quote key={t.quote} testimonial={t} />
            ))}
          </div>
          <div className="testimonial-set" aria-hidden="true">
            {TESTIMONIALS.map((t) => (
              <Quote key={t.quote} testimonial={t} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
