import { AboutHeader } from '../header/AboutHeader';
import { ContactModalSlot } from '../header/ContactModalSlot';
import { NormalHeader } from '../header/NormalHeader';
import '../header/header.css';

export interface HeaderProps {
  /** docs/SPEC.md §2: the about paths have their own header (the shell decides from the path). */
  variant: 'normal' | 'about';
}

/** Both headers; the customer-service modal comes with either, so its flag works on every page. */
export default function Header({ variant }: HeaderProps) {
  return (
    <>
      {variant === 'about' ? <AboutHeader /> : <NormalHeader />}
      <ContactModalSlot />
    </>
  );
}
