import { AboutHeader } from '../header/AboutHeader';
import { NormalHeader } from '../header/NormalHeader';
import '../header/header.css';

export interface HeaderProps {
  /** SPEC.md §2: the about paths have their own header. */
  variant: 'normal' | 'about';
}

export default function Header({ variant }: HeaderProps) {
  return variant === 'about' ? <AboutHeader /> : <NormalHeader />;
}
