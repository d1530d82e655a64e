// The Semantic UI components every page shows at first, each once for the whole page (shared is a singleton).
// The rest (form, label, message, modal, dimmer, transition, menu, placeholder) comes with the on-demand code
// that uses it.
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/input.min.css';
import 'semantic-ui-css/components/loader.min.css';
import './base.css';
