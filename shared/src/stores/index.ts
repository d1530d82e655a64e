/**
 * The MobX stores of the page (docs/SPEC.md §3), shared once in the page as `@wenrun/shared/stores`: who is logged
 * in, the small UI flags, and the one persistence helper. Apart from `@wenrun/shared` so that a page that shows no
 * login (an activity page) loads neither them nor MobX; they use `@wenrun/shared` as parts do, by its name, so the
 * page has one copy of what both use.
 *
 * And the page's one MobX: parts make their observables and observers with what is exported here, never from `mobx`
 * or `mobx-react-lite` (lint says so). MobX then travels inside this shared module, tree-shaken to what the site
 * uses, instead of as two singletons of its own that another part might use whole (3.3 KB as sent on a page with
 * the login; BENCHMARKS.md, session 11). One instance in the page still: this module is a singleton.
 */
export { DEFAULT_AVATAR, LoginStore, loginStore, type LoginState } from './LoginStore';
export { UiStore, uiStore } from './UiStore';
export { persistStore, type PersistOptions, type StoredValueSchema } from './persist';
export { action, computed, makeAutoObservable, makeObservable, observable, reaction } from 'mobx';
export { observer } from 'mobx-react-lite';
