/**
 * A teacher's course notes in three chapters, written as Markdown (issue 23): the multi-chapter
 * document both the worker's curriculum pipeline test and the full-stack classes journey upload,
 * kept here so the two read the same chapters.
 */
export const CHAPTERS: Array<[string, string[]]> = [
  [
    'Chapter 1: Cells',
    [
      'The cell is the basic unit of life, and every living organism is made of one or more cells.',
      'The nucleus holds the genetic material of a eukaryotic cell and controls its growth and division.',
      'Mitochondria release energy from glucose through cellular respiration and make ATP for the cell.',
      'The cell membrane is a thin layer of lipids and proteins that controls what enters and leaves the cell.',
      'Ribosomes read messenger RNA and join amino acids together to build the proteins a cell needs.',
      'Plant cells have a rigid cell wall made of cellulose, which gives the plant its shape and strength.',
      'Chloroplasts in plant cells capture light energy and use it to make sugar during photosynthesis.',
      'Prokaryotic cells such as bacteria have no nucleus; their DNA floats in a region called the nucleoid.',
      'The cytoplasm is the jelly-like fluid inside the membrane where most chemical reactions of the cell happen.',
      'Vacuoles store water, nutrients and waste, and a large central vacuole keeps a plant cell firm.',
      'Cells divide by mitosis to grow and to repair tissue, making two identical daughter cells.',
      'Under a light microscope a student can see the nucleus, the membrane and the cell wall of onion cells.',
      'Specialised cells such as nerve cells, red blood cells and root hair cells each have a shape suited to their job.',
      'Groups of similar cells working together form a tissue, and tissues together form organs such as the heart.',
      'Diffusion moves oxygen into a cell and carbon dioxide out of it, from where there is more to where there is less.',
    ],
  ],
  [
    'Chapter 2: Energy',
    [
      'Energy cannot be created or destroyed; it only changes from one form into another.',
      'Kinetic energy is the energy of motion, and a moving object has more of it the faster it goes.',
      'Potential energy is stored energy, such as the energy of a rock held high above the ground.',
      'Photosynthesis turns light energy, water and carbon dioxide into glucose and oxygen in green plants.',
      'Food chains show how energy passes from producers to herbivores and then to carnivores.',
      'Only about ten percent of the energy at one level of a food chain reaches the next level.',
      'Heat moves from warmer objects to cooler ones by conduction, convection and radiation.',
      'Fossil fuels such as coal, oil and gas store chemical energy from plants that lived long ago.',
      'Renewable energy comes from sources that do not run out, such as sunlight, wind and moving water.',
      'A power station burns fuel to boil water, and the steam turns a turbine connected to a generator.',
      'Efficiency compares the useful energy a machine gives out with the total energy put into it.',
      'Respiration in muscles releases the chemical energy in glucose so that the body can move.',
      'Electrical energy is easy to carry along wires, which is why homes are supplied with electricity.',
      'A food label lists energy in kilojoules, the amount the body can release by respiring that food.',
      'Solar panels turn light from the sun straight into electrical energy without any moving parts.',
    ],
  ],
  [
    'Chapter 3: Genetics',
    [
      'Genes are sections of DNA that carry the instructions for making proteins and for inherited traits.',
      'DNA is a double helix made of two strands joined by the base pairs adenine with thymine and cytosine with guanine.',
      'Chromosomes are long coiled molecules of DNA, and human body cells contain forty-six of them.',
      'Gregor Mendel studied pea plants and discovered that traits are passed on by factors we now call genes.',
      'A dominant allele shows its effect even when only one copy is present in the organism.',
      'A recessive allele only shows its effect when an organism inherits two copies of it.',
      'Meiosis makes sex cells with half the usual number of chromosomes, so fertilisation restores the full set.',
      'A mutation is a change in the sequence of DNA, and some mutations cause genetic disorders.',
      'Variation between members of a species comes from their genes and from their environment.',
      'Natural selection favours individuals whose inherited traits help them survive and reproduce.',
      'A Punnett square predicts the chances of offspring inheriting each combination of alleles.',
      'Genetic engineering moves a useful gene from one organism into another, such as insulin genes into bacteria.',
      'Identical twins share the same genes because they come from a single fertilised egg that split in two.',
      'The Human Genome Project read the full sequence of human DNA, about three billion base pairs.',
      'Selective breeding chooses parents with useful traits, such as cows that give more milk, over many generations.',
    ],
  ],
];

/** The chapters as one Markdown document: a title, a line of notes, a `##` heading per chapter. */
export const chapteredMarkdown = (): string =>
  [
    '# Biology 7B',
    'Course notes for the spring term.',
    ...CHAPTERS.flatMap(([title, sentences]) => [`## ${title}`, sentences.join(' ')]),
  ].join('\n\n');
