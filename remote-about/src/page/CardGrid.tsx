import type { TitledText } from '../content/types';

/** Short titled texts side by side: features, values, dimensions. */
export function CardGrid({ items }: { items: TitledText[] }) {
  return (
    <ul className="about-cards">
      {items.map((item) => (
        <li key={item.title} className="about-card">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
