import type { TitledText } from '../content/types';

/** A process in order: numbered steps, in a row on wide screens and a column on phones. */
export function StepList({ steps }: { steps: TitledText[] }) {
  return (
    <ol className="about-steps">
      {steps.map((step, index) => (
        <li key={step.title} className="about-step">
          <span className="about-step__number" aria-hidden="true">
            {index + 1}
          </span>
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
