// The Semantic UI pieces the pages with the layout show at once (the header's search box and buttons, the home and
// about pages' buttons), then the site's changes to them. Imported by the layout, once for the page: the activity
// pages, which have no layout, use none of them. Not a shared module: stylesheets hold no state, so each importer
// bundles them (the layout, a remote's standalone page).
import 'semantic-ui-css/components/reset.min.css';
import 'semantic-ui-css/components/button.min.css';
import 'semantic-ui-css/components/input.min.css';
import './semanticUi.css';
