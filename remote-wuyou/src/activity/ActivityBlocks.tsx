import type { ActivityBlock } from '@wenrun/shared';
import { imageUrl } from './links';

/** The body of an activity: rich text (sanitised as it was loaded, `useActivity`), pictures with their size known up front, and lists. */
export function ActivityBlocks({ blocks }: { blocks: ActivityBlock[] }) {
  return (
    <div className="activity-blocks">
      {blocks.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

function Block({ block }: { block: ActivityBlock }) {
  switch (block.type) {
    case 'text':
      return (
        <section className="activity-card">
          {block.title && <h2 className="activity-card__title">{block.title}</h2>}
          <div className="activity-richtext" dangerouslySetInnerHTML={{ __html: block.html }} />
        </section>
      );
    case 'image': {
      const src = imageUrl(block.src);
      if (!src) return null;
      return (
        <figure className="activity-figure">
          <img src={src} alt={block.alt} width={block.width} height={block.height} loading="lazy" decoding="async" />
          {block.alt && <figcaption>{block.alt}</figcaption>}
        </figure>
      );
    }
    case 'list':
      return (
        <section className="activity-card">
          {block.title && <h2 className="activity-card__title">{block.title}</h2>}
          <ul className="activity-list">
            {block.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
      );
    default:
      return null;
  }
}
