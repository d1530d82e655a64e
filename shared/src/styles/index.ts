// The site's base rules, on every page. Semantic UI's stylesheets come with the code that writes their classes:
// the layout's (`semanticUi.ts`), the loader's here, the rest with the on-demand code.
import './base.css';
