import { bytewise } from './bytewise';

describe('bytewise: text in UTF-8 byte order', () => {
  it('orders as the bytes do, where UTF-16 code units would not (U+FF5E against U+1F600)', () => {
    const words = ['b', 'a', 'ab', '', '～', '😀', 'Z', '课程'];
    const byBytes = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...words].sort(bytewise)).toEqual(byBytes);
    expect('～' < '😀').toBe(false);
  });
});
