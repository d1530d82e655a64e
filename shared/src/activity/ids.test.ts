import { isActivityId } from './ids';

describe('isActivityId', () => {
  it.each(['1', '5', '999'])('accepts %p', (id) => expect(isActivityId(id)).toBe(true));
  it.each(['', '0', 'abc', '1.5', '-1', '01', '1 ', '12345678901', '１'])('rejects %p', (id) =>
    expect(isActivityId(id)).toBe(false),
  );
});
