import { useId, type ReactNode, type Ref } from 'react';

interface BlockProps {
  title: string;
  /** A sentence under the heading. */
  intro?: string;
  /** Alternate blocks sit on a grey band so that the long page reads in parts. */
  tinted?: boolean;
  className?: string;
  /** For a block that takes the focus (e.g. after paging), so a keyboard or screen-reader user lands on it. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** One titled part of a section (an h2 with its content), labelled for assistive technology. */
export function Block({ title, intro, tinted = false, className, headingRef, children }: BlockProps) {
  const headingId = useId();
  const classes = ['about-block', tinted ? 'about-block--tinted' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={headingId}>
      <div className="about-block__inner">
        <h2 id={headingId} className="about-block__title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h2>
        {intro && <p className="about-block__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
