/** A list of statements, each marked with a tick drawn in CSS. */
export function PointList({ points }: { points: string[] }) {
  return (
    <ul className="about-points">
      {points.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </ul>
  );
}
