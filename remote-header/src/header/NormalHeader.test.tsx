import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { assetUrl, getRuntimeConfig, notify, SERVICE_IMAGE_WIDTH } from '@wenrun/shared';
import { uiStore } from '@wenrun/shared/stores';
import Header from '../exposes/Header';
import { hideFindDomNodeWarnings } from '../testing/semanticWarnings';
import { TestRouter } from '@wenrun/shared/testing';
import { telHref } from './ContactModal';
import { CONTACT_LOAD_FAILED, ContactModalSlot } from './ContactModalSlot';

function renderHeader() {
  return render(
    <TestRouter path="/somewhere">
      <Header variant="normal" />
    </TestRouter>,
  );
}

describe('normal header', () => {
  beforeEach(hideFindDomNodeWarnings);
  afterEach(() => {
    act(() => uiStore.setShowContactModal(false));
    jest.restoreAllMocks();
  });

  it('has the logo linking home', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: '文润教育首页' })).toHaveAttribute('href', '/');
  });

  it('opens the training system of the runtime config in a new tab, without handing over the page', () => {
    renderHeader();
    const link = screen.getByRole('link', { name: /进入研训系统/ });
    expect(link).toHaveAttribute('href', getRuntimeConfig().trainingSystemUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens the customer-service modal with the 410 px image, focus inside, and closes it with Esc', async () => {
    renderHeader();
    const trigger = screen.getByRole('button', { name: '客服' });
    trigger.focus();
    fireEvent.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: '在线客服' });
    const image = within(dialog).getByRole('img');
    expect(image).toHaveAttribute('src', assetUrl('/images/service.svg'));
    expect(image).toHaveAttribute('width', String(SERVICE_IMAGE_WIDTH));
    expect(image.getAttribute('alt')).not.toBe('');
    expect(within(dialog).getByRole('button', { name: '关闭' })).toHaveFocus();
    expect(within(dialog).getByText(getRuntimeConfig().contact.hotline)).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape', keyCode: 27 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(uiStore.showContactModal).toBe(false);
    expect(trigger).toHaveFocus();
  });

  it('keeps Tab inside the modal', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: '关闭' });
    const hotline = within(dialog).getByRole('link');
    hotline.focus();
    fireEvent.keyDown(hotline, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(hotline).toHaveFocus();
  });

  it('closes the modal from its close button, and opens it again', async () => {
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '客服' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('fetches the modal only when asked for, and says so when that fails, trying again on the next click', async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => '');
    const load = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
    render(<ContactModalSlot load={load} />);
    expect(load).not.toHaveBeenCalled();

    act(() => uiStore.setShowContactModal(true));
    await waitFor(() => expect(error).toHaveBeenCalledWith(CONTACT_LOAD_FAILED));
    expect(uiStore.showContactModal).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => uiStore.setShowContactModal(true));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('shows the modal whenever anyone raises the flag, on the about header too', async () => {
    render(
      <TestRouter path="/about/2">
        <Header variant="about" />
      </TestRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => uiStore.setShowContactModal(true));
    expect(await screen.findByRole('dialog', { name: '在线客服' })).toBeInTheDocument();
  });
});

describe('telHref', () => {
  it.each([
    ['400-000-0000（演示号码）', 'tel:4000000000'],
    ['010 6275 1234', 'tel:01062751234'],
    ['+86 10 8888 6666', 'tel:+861088886666'],
    ['请致电客服', null],
  ])('%s → %s', (hotline, href) => {
    expect(telHref(hotline)).toBe(href);
  });
});
