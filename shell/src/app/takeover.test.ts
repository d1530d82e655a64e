import { recordInteraction, replayInteraction } from './takeover';

const MARKUP = `
  <form role="search"><input type="search" value=""><button type="submit">搜索</button></form>
  <button type="button">登录</button>
  <textarea></textarea>`;

/** What the app's first render puts in place of the prerendered markup: the same elements, with behaviour. */
function appMarkup(container: HTMLElement) {
  container.innerHTML = MARKUP;
  const seen = { inputs: [] as string[], clicks: 0, submits: 0 };
  container.querySelector('input')?.addEventListener('input', (event) => seen.inputs.push((event.target as HTMLInputElement).value));
  container.querySelectorAll('button')[1]?.addEventListener('click', () => seen.clicks++);
  container.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    seen.submits++;
  });
  return seen;
}

describe('taking over a prerendered page', () => {
  let container: HTMLElement;
  beforeEach(() => {
    jest.useFakeTimers();
    container = document.createElement('div');
    container.innerHTML = MARKUP;
    document.body.appendChild(container);
  });
  afterEach(() => {
    container.remove();
    jest.useRealTimers();
  });

  it('carries typed text and focus into the app and replays the submission', () => {
    const recording = recordInteraction(container);
    const input = container.querySelector('input') as HTMLInputElement;
    input.value = '课程';
    input.focus();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    const interaction = recording.finish();
    const seen = appMarkup(container);
    HTMLFormElement.prototype.requestSubmit = function requestSubmit(this: HTMLFormElement) {
      this.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    };
    replayInteraction(container, interaction);
    jest.runAllTimers();

    expect(seen.inputs).toEqual(['课程']);
    expect(document.activeElement).toBe(container.querySelector('input'));
    expect(seen.submits).toBe(1);
  });

  it('replays the last button press on the same button', () => {
    const recording = recordInteraction(container);
    (container.querySelectorAll('button')[1] as HTMLButtonElement).click();
    const interaction = recording.finish();
    const seen = appMarkup(container);
    replayInteraction(container, interaction);
    jest.runAllTimers();
    expect(seen.clicks).toBe(1);
    expect(seen.inputs).toEqual([]);
  });

  it('does not replay a press on a different control in the same place', () => {
    const recording = recordInteraction(container);
    (container.querySelectorAll('button')[1] as HTMLButtonElement).click();
    const interaction = recording.finish();
    const seen = appMarkup(container);
    const moved = container.querySelectorAll('button')[1] as HTMLButtonElement;
    moved.textContent = '退出登录';
    replayInteraction(container, interaction);
    jest.runAllTimers();
    expect(seen.clicks).toBe(0);
  });

  it('does nothing when the visitor did nothing', () => {
    const interaction = recordInteraction(container).finish();
    expect(interaction).toEqual({ values: [], focus: undefined, action: undefined });
  });
});
