import { render, screen } from '@testing-library/react';
import { ABOUT_SECTIONS } from '@wenrun/shared';
import AboutPage from './AboutPage';
import { SECTION_TEXT } from '../sections/content';

describe('AboutPage', () => {
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it.each(ABOUT_SECTIONS.map((section) => [section.key, section.title] as const))(
    'section %i shows %s with its text and sets the title',
    (key, title) => {
      render(<AboutPage section={key} />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      expect(screen.getByText(SECTION_TEXT[key].lead)).toBeInTheDocument();
      expect(document.title.startsWith(`${title} - `)).toBe(true);
      expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    },
  );

  it('has written Chinese text for every section', () => {
    for (const { key } of ABOUT_SECTIONS) {
      const text = [SECTION_TEXT[key].lead, ...SECTION_TEXT[key].paragraphs].join('');
      expect(text.length).toBeGreaterThan(60);
      expect(text).toMatch(/[\u4e00-\u9fff]/);
      expect(text).not.toMatch(/lorem|ipsum|TODO/i);
    }
  });
});
