/** Shapes of the written content of the about sections; the section components lay them out. */

/** A short titled text: a feature, a value, a dimension, a step of a process. */
export interface TitledText {
  title: string;
  text: string;
}

/** The opening band of a section. */
export interface SectionIntro {
  lead: string;
  /** Describes the hero illustration for screen readers. */
  imageAlt: string;
}
