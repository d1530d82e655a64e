import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode } from 'react';

/**
 * Semantic UI's button, message and placeholder as the markup its stylesheets style: the class names are the
 * whole of what semantic-ui-react adds to these three, and its versions bring 60 KB of its machinery (shorthand
 * factories, auto-controlled state, icons, labels) to every page that shows a button. Each class is written out
 * here, where the stylesheet pruning (deploy/webpack/semanticCss.ts) reads the class names the site uses.
 */
function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  basic?: boolean;
  fluid?: boolean;
  loading?: boolean;
  size?: 'small';
}

export function Button({ primary, basic, fluid, loading, size, className, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      className={classes('ui', primary && 'primary', basic && 'basic', fluid && 'fluid', size === 'small' && 'small', loading && 'loading', disabled && 'disabled', 'button', className)}
    />
  );
}

export interface MessageProps extends HTMLAttributes<HTMLDivElement> {
  negative?: boolean;
  size?: 'small';
}

function MessageHeader({ children }: { children: ReactNode }) {
  return <div className="header">{children}</div>;
}

export function Message({ negative, size, className, ...rest }: MessageProps) {
  return <div {...rest} className={classes('ui', negative && 'negative', size === 'small' && 'small', 'message', className)} />;
}
Message.Header = MessageHeader;

function PlaceholderHeader({ image, children }: { image?: boolean; children: ReactNode }) {
  return <div className={classes(image && 'image', 'header')}>{children}</div>;
}

function PlaceholderParagraph({ children }: { children: ReactNode }) {
  return <div className="paragraph">{children}</div>;
}

function PlaceholderLine({ length }: { length?: 'full' }) {
  return <div className={classes(length === 'full' && 'full', 'line')} />;
}

export function Placeholder({ fluid, children }: { fluid?: boolean; children: ReactNode }) {
  return <div className={classes('ui', fluid && 'fluid', 'placeholder')}>{children}</div>;
}
Placeholder.Header = PlaceholderHeader;
Placeholder.Paragraph = PlaceholderParagraph;
Placeholder.Line = PlaceholderLine;
