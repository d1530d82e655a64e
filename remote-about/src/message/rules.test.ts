import { MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX, MESSAGES } from '@wenrun/shared';
import { countChars, messagePayload, validateMessage } from './rules';

const valid = { name: '李老师', phone: '13800138000', message: '我们学校想了解校本研修合作。' };

describe('message form rules', () => {
  it('accepts a complete message', () => {
    expect(validateMessage(valid)).toEqual({});
  });

  it('asks for every field when nothing is filled in (blank counts as nothing)', () => {
    expect(validateMessage({ name: '   ', phone: '', message: '\n\t' })).toEqual({
      name: MESSAGES.nameRequired,
      phone: MESSAGES.invalidMobile,
      message: MESSAGES.messageRequired,
    });
  });

  it.each(['1380013800', '138001380001', '10800138000', '11800138000', '1380013800a', '+8613800138000'])(
    'refuses the mobile number %s with the spec message',
    (phone) => {
      expect(validateMessage({ ...valid, phone }).phone).toBe(MESSAGES.invalidMobile);
    },
  );

  it('counts characters as people do, so the limits match the server', () => {
    expect(countChars('教师😀成长')).toBe(5);
    expect(validateMessage({ ...valid, name: '文'.repeat(MESSAGE_NAME_MAX) }).name).toBeUndefined();
    expect(validateMessage({ ...valid, name: '文'.repeat(MESSAGE_NAME_MAX + 1) }).name).toBe(MESSAGES.nameTooLong);
    expect(validateMessage({ ...valid, message: '😀'.repeat(MESSAGE_CONTENT_MAX) }).message).toBeUndefined();
    expect(validateMessage({ ...valid, message: '字'.repeat(MESSAGE_CONTENT_MAX + 1) }).message).toBe(
      MESSAGES.messageTooLong,
    );
  });

  it('sends the values without the spaces around them', () => {
    expect(messagePayload({ name: ' 李老师 ', phone: ' 13800138000 ', message: ' 你好 \n' })).toEqual({
      name: '李老师',
      phone: '13800138000',
      message: '你好',
    });
  });
});
