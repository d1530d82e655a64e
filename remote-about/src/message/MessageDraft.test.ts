import { MESSAGE_DRAFT_ID } from '@wenrun/shared';
import { DRAFT_MAX_LENGTH, MessageDraft, persistMessageDraft } from './MessageDraft';

describe('MessageDraft', () => {
  const stops: Array<() => void> = [];
  const persisted = () => {
    const draft = new MessageDraft();
    stops.push(persistMessageDraft(draft));
    return draft;
  };

  beforeEach(() => {
    sessionStorage.clear();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    jest.restoreAllMocks();
  });

  it('is saved to session storage under its id on every change, and comes back after a reload', () => {
    const draft = persisted();
    draft.set('name', '李老师');
    draft.set('message', '想了解区域研训合作');
    expect(JSON.parse(sessionStorage.getItem(MESSAGE_DRAFT_ID) ?? '{}')).toEqual({
      name: '李老师',
      phone: '',
      message: '想了解区域研训合作',
    });
    expect(localStorage.getItem(MESSAGE_DRAFT_ID)).toBeNull();

    const afterReload = persisted();
    expect(afterReload.values).toEqual({ name: '李老师', phone: '', message: '想了解区域研训合作' });
    expect(afterReload.isEmpty).toBe(false);
  });

  it('is empty again everywhere once cleared (after sending)', () => {
    const draft = persisted();
    draft.set('phone', '13800138000');
    draft.clear();
    expect(draft.isEmpty).toBe(true);
    expect(persisted().isEmpty).toBe(true);
  });

  it.each([
    ['not JSON', '{"name":'],
    ['a foreign shape', '["李老师"]'],
    ['a field of the wrong type', '{"name":1,"phone":"","message":""}'],
    ['a value over its cap', JSON.stringify({ name: '', phone: '1'.repeat(DRAFT_MAX_LENGTH.phone + 1), message: '' })],
  ])('starts empty when storage holds %s', (_case, raw) => {
    sessionStorage.setItem(MESSAGE_DRAFT_ID, raw);
    expect(persisted().isEmpty).toBe(true);
    expect(console.warn).toHaveBeenCalled();
  });

  // e2e/tests/storage.spec.ts plants each of these in the browser for two of them; the rest are here.
  it.each([
    ['truncated JSON', '{"name":"李老师","phone":"138'],
    ['a foreign shape', JSON.stringify({ name: 1, phone: { area: '010' }, message: ['hi'] })],
    ['an array', JSON.stringify(['李老师', '13800138000', '留言'])],
    ['over-long fields', JSON.stringify({ name: 'x'.repeat(5_000), phone: '1', message: '' })],
    ['1 MB of junk', '#'.repeat(1_000_000)],
  ])('holding %s: starts empty, and what is typed is kept as a new draft', (_case, raw) => {
    sessionStorage.setItem(MESSAGE_DRAFT_ID, raw);
    const draft = persisted();
    expect(draft.isEmpty).toBe(true);
    expect(console.warn).toHaveBeenCalled();
    draft.set('name', '李老师');
    draft.set('phone', '13800138000');
    expect(JSON.parse(sessionStorage.getItem(MESSAGE_DRAFT_ID) ?? 'null')).toEqual({ name: '李老师', phone: '13800138000', message: '' });
    expect(persisted().values).toEqual({ name: '李老师', phone: '13800138000', message: '' });
  });
});
