import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, api, maskMobile, MESSAGE_CONTENT_MAX, MESSAGES, type MessageResult } from '@wenrun/shared';
import { MessageDraft } from './MessageDraft';
import MessageForm from './MessageForm';
import { MESSAGE_FORM_TEXT } from './texts';

/** A message a server could send in a non-200 envelope. */
const SERVER_MESSAGE = '留言服务暂时不可用';
const VISITOR = { name: '李老师', phone: '13800138000', message: '我们学校想了解校本研修合作。' };

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const submitButton = () => screen.getByRole('button', { name: '提交留言' });

function fillIn(values: Partial<typeof VISITOR>) {
  if (values.name !== undefined) fireEvent.change(field('姓名'), { target: { value: values.name } });
  if (values.phone !== undefined) fireEvent.change(field('手机号'), { target: { value: values.phone } });
  if (values.message !== undefined) fireEvent.change(field('留言内容'), { target: { value: values.message } });
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('MessageForm', () => {
  let draft: MessageDraft;
  let sendMessage: jest.SpyInstance;

  beforeEach(() => {
    draft = new MessageDraft();
    sendMessage = jest.spyOn(api, 'sendMessage').mockResolvedValue({ id: 1 });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows each message next to its field and focuses the first field to fix', () => {
    render(<MessageForm draft={draft} />);
    fireEvent.click(submitButton());

    expect(screen.getByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.invalidMobile)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.messageRequired)).toBeInTheDocument();
    expect(field('姓名')).toHaveFocus();
    expect(field('姓名')).toHaveAttribute('aria-invalid', 'true');
    expect(field('姓名')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('focuses the mobile number when it is the only thing wrong', () => {
    render(<MessageForm draft={draft} />);
    fillIn({ ...VISITOR, phone: '1380013800' });
    fireEvent.click(submitButton());
    expect(field('手机号')).toHaveFocus();
    expect(field('手机号')).toHaveAccessibleDescription(MESSAGES.invalidMobile);
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  // Each field on its own, as a visitor types: a field whose text only showed once another field changed (the
  // message's counter re-rendering the form) lost every key pressed into it before.
  it('shows what is typed into each field at once', () => {
    render(<MessageForm draft={draft} />);
    fillIn({ name: VISITOR.name });
    expect(field('姓名')).toHaveValue(VISITOR.name);
    fillIn({ phone: VISITOR.phone });
    expect(field('手机号')).toHaveValue(VISITOR.phone);
    fillIn({ message: VISITOR.message });
    expect(field('留言内容')).toHaveValue(VISITOR.message);
  });

  it('takes a message away as soon as its field is right', () => {
    render(<MessageForm draft={draft} />);
    fireEvent.click(submitButton());
    fillIn({ name: '李' });
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();
    expect(field('姓名')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText(MESSAGES.invalidMobile)).toBeInTheDocument();
  });

  it('counts the message as it is typed and refuses one over the limit', () => {
    render(<MessageForm draft={draft} />);
    fillIn({ message: '你好😀' });
    expect(field('留言内容')).toHaveAccessibleDescription(new RegExp(`已输入字数：\\s*3 / ${MESSAGE_CONTENT_MAX}$`));
    fillIn({ ...VISITOR, message: '字'.repeat(MESSAGE_CONTENT_MAX + 1) });
    expect(screen.getByText(`${MESSAGE_CONTENT_MAX + 1} / ${MESSAGE_CONTENT_MAX}`)).toHaveClass('is-over');
    fireEvent.click(submitButton());
    expect(screen.getByText(MESSAGES.messageTooLong)).toBeInTheDocument();
    expect(field('留言内容')).toHaveFocus();
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('sends once, shows it is sending, then thanks the visitor and forgets the draft', async () => {
    const reply = deferred<MessageResult>();
    sendMessage.mockReturnValue(reply.promise);
    render(<MessageForm draft={draft} />);
    fillIn({ name: ` ${VISITOR.name} `, phone: VISITOR.phone, message: VISITOR.message });

    fireEvent.click(submitButton());
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveClass('loading');
    expect(field('姓名')).toHaveAttribute('readonly');
    fireEvent.submit(submitButton().closest('form') as HTMLFormElement);
    expect(sendMessage).toHaveBeenCalledTimes(1);
    expect(sendMessage).toHaveBeenCalledWith(VISITOR);

    await act(async () => reply.resolve({ id: 7 }));
    const thanks = screen.getByRole('status');
    expect(thanks).toHaveTextContent(MESSAGE_FORM_TEXT.sentTitle);
    expect(thanks).toHaveTextContent(maskMobile(VISITOR.phone));
    expect(thanks).toHaveFocus();
    expect(draft.isEmpty).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '再写一条留言' }));
    expect(field('姓名')).toHaveValue('');
  });

  it('keeps every field as typed when sending fails, and shows why', async () => {
    sendMessage.mockRejectedValueOnce(new ApiError('envelope', SERVER_MESSAGE, '500'));
    render(<MessageForm draft={draft} />);
    fillIn(VISITOR);
    fireEvent.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SERVER_MESSAGE);
    expect(field('姓名')).toHaveValue(VISITOR.name);
    expect(field('手机号')).toHaveValue(VISITOR.phone);
    expect(field('留言内容')).toHaveValue(VISITOR.message);
    expect(draft.values).toEqual(VISITOR);
    expect(submitButton()).toBeEnabled();

    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(MESSAGE_FORM_TEXT.sentTitle));
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });

  it('shows the network message when the call fails without one', async () => {
    sendMessage.mockRejectedValueOnce(new Error('offline'));
    render(<MessageForm draft={draft} />);
    fillIn(VISITOR);
    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.network);
  });

  it('says when it brought back an unsent draft, and can start over', () => {
    draft.restore(VISITOR);
    render(<MessageForm draft={draft} />);
    expect(field('留言内容')).toHaveValue(VISITOR.message);
    expect(screen.getByText(MESSAGE_FORM_TEXT.restoredDraft)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '清空重填' }));
    expect(draft.isEmpty).toBe(true);
    expect(field('姓名')).toHaveValue('');
    expect(field('姓名')).toHaveFocus();
    expect(screen.queryByText(MESSAGE_FORM_TEXT.restoredDraft)).toBeNull();
  });
});
