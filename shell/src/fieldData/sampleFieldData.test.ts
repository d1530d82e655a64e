import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '@wenrun/shared';
import { sampleFieldData } from './sampleFieldData';
import { startFieldData } from './startFieldData';

jest.mock('./startFieldData', () => ({ startFieldData: jest.fn() }));

function configSampling(sampleRate: number): RuntimeConfig {
  return { ...DEFAULT_RUNTIME_CONFIG, statsBaseUrl: 'https://stats.example.cn', fieldData: { sampleRate } };
}

const loader = { observeLoads: () => undefined, observeRefusedFiles: () => undefined };

/** The chunk's import settles on a later turn of the event loop. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  jest.mocked(startFieldData).mockClear();
  jest.spyOn(Math, 'random').mockRestore();
});

it.each([
  [0.1, 0.05, true],
  [0.1, 0.1, false],
  [0, 0, false],
  [1, 0.999, true],
])('with sampleRate %p and a draw of %p, the view is measured: %p', async (sampleRate, draw, measured) => {
  jest.spyOn(Math, 'random').mockReturnValue(draw);
  sampleFieldData(configSampling(sampleRate), { route: '/about/:id', canary: ['about'], loader });
  await settled();
  if (measured) {
    expect(startFieldData).toHaveBeenCalledWith({ statsBaseUrl: 'https://stats.example.cn', route: '/about/:id', canary: ['about'], loader });
  } else {
    expect(startFieldData).not.toHaveBeenCalled();
  }
});
