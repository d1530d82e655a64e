import { action, makeObservable, observable } from 'mobx';

/** docs/SPEC.md §3: the small flags. Whoever renders a modal reads its flag; anyone may raise it. */
export class UiStore {
  showLoginModal = false;
  showContactModal = false;

  constructor() {
    makeObservable(this, {
      showLoginModal: observable,
      showContactModal: observable,
      setShowLoginModal: action,
      setShowContactModal: action,
    });
  }

  setShowLoginModal(show: boolean): void {
    this.showLoginModal = show;
  }

  setShowContactModal(show: boolean): void {
    this.showContactModal = show;
  }
}

export const uiStore = new UiStore();
