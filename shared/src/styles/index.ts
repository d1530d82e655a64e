// The Semantic UI components the site uses, each once for the whole page (shared is a singleton).
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/container.min.css';
import 'semantic-ui-css/components/dimmer.min.css';
import 'semantic-ui-css/components/form.min.css';
import 'semantic-ui-css/components/input.min.css';
import 'semantic-ui-css/components/label.min.css';
import 'semantic-ui-css/components/loader.min.css';
import 'semantic-ui-css/components/menu.min.css';
import 'semantic-ui-css/components/message.min.css';
import 'semantic-ui-css/components/modal.min.css';
import 'semantic-ui-css/components/placeholder.min.css';
import 'semantic-ui-css/components/segment.min.css';
import 'semantic-ui-css/components/tab.min.css';
import 'semantic-ui-css/components/transition.min.css';
import './base.css';
