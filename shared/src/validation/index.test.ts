import { MESSAGES, SEARCH_KEYWORD_MAX } from '../constants';
import { maskMobile, validateCode, validateMobile, validatePassword, validateSearchText } from './index';

describe('validation (docs/SPEC.md §5)', () => {
  it.each(['13800138000', '19912345678', '12000000000'])('accepts the mobile %s', (mobile) => {
    expect(validateMobile(mobile)).toBeNull();
  });

  it.each(['', '1380013800', '138001380000', '11800138000', '10800138000', '23800138000', '1380013800a', '１３８００１３８０００'])(
    'rejects the mobile %p',
    (mobile) => {
      expect(validateMobile(mobile)).toBe(MESSAGES.invalidMobile);
    },
  );

  it('requires a code and a password', () => {
    expect(validateCode('   ')).toBe(MESSAGES.codeRequired);
    expect(validateCode('123456')).toBeNull();
    expect(validatePassword('')).toBe(MESSAGES.passwordRequired);
    expect(validatePassword(' secret ')).toBeNull();
  });

  it('requires search text that is not only white space', () => {
    expect(validateSearchText('')).toBe(MESSAGES.searchRequired);
    expect(validateSearchText(' \t　')).toBe(MESSAGES.searchRequired);
    expect(validateSearchText('课程')).toBeNull();
  });

  it('limits search text in characters, not UTF-16 units: 200 emoji are allowed, 201 characters are not', () => {
    const emoji = '😀'.repeat(SEARCH_KEYWORD_MAX);
    expect(emoji.length).toBe(2 * SEARCH_KEYWORD_MAX);
    expect(validateSearchText(emoji)).toBeNull();
    expect(validateSearchText('研'.repeat(SEARCH_KEYWORD_MAX + 1))).toBe(MESSAGES.searchTooLong);
  });

  it('masks the middle of a mobile number', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('abc')).toBe('abc');
  });
});
