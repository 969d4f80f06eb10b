import { useId, type FormEvent } from 'react';

/**
 * The search field of the library and of a space: a search form with one labelled field. The
 * library logs the submitted term (spec 01 §2.7); a space filters its decks as the term is typed.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: (value: string) => void;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.(value);
  };
  return (
    <form className="library-search" role="search" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </form>
  );
}
