import type { ReactNode } from 'react';
import { Illustration } from './Illustration';

/** Body drawings share one canvas size (the SVG files' viewBox). */
export const BODY_IMAGE_SIZE = { width: 480, height: 300 } as const;

interface MediaRowProps {
  image: string;
  imageAlt: string;
  children: ReactNode;
}

/** Text beside a drawing (the drawing goes under the text on phones); the drawing loads when scrolled near. */
export function MediaRow({ image, imageAlt, children }: MediaRowProps) {
  return (
    <div className="about-media">
      <div className="about-media__text">{children}</div>
      <Illustration className="about-media__image" src={image} alt={imageAlt} {...BODY_IMAGE_SIZE} />
    </div>
  );
}
