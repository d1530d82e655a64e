import { pageItems, totalPagesOf } from './pageItems';

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('keeps first and last when the current page is out of range', () => {
    expect(pageItems(40, 5)).toEqual([1, 'gap', 5]);
  });
});

describe('totalPagesOf', () => {
  it.each([
    [0, 9, 0],
    [9, 9, 1],
    [10, 9, 2],
    [43, 9, 5],
    [5, 0, 0],
  ])('%i courses at %i a page make %i pages', (total, size, pages) => {
    expect(totalPagesOf(total, size)).toBe(pages);
  });
});
