export interface IllustrationProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Heroes are in the first screen; everything else waits until it is scrolled near. */
  priority?: 'eager' | 'lazy';
  className?: string;
}

/** An in-house drawing with its intrinsic size set, so the space is kept before it arrives (no layout shift). */
export function Illustration({ src, alt, width, height, priority = 'lazy', className }: IllustrationProps) {
  return (
    <img
      className={['about-illustration', className].filter(Boolean).join(' ')}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority}
      // A hero is painted with the text around it rather than a frame later: it is the page's largest element.
      decoding={priority === 'eager' ? 'sync' : 'async'}
    />
  );
}
