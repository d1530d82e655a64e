import { entryAddress } from './entryAddress';

it('loads a remote configured by its manifest from the container beside it, keeping the query', () => {
  expect(entryAddress('http://localhost:3001/mf-manifest.json')).toBe('http://localhost:3001/remoteEntry.js');
  expect(entryAddress('https://cdn.example.cn/header/v2/mf-manifest.json?t=1')).toBe('https://cdn.example.cn/header/v2/remoteEntry.js?t=1');
});

it('takes any other address as it is', () => {
  expect(entryAddress('https://cdn.example.cn/header/remoteEntry.js')).toBe('https://cdn.example.cn/header/remoteEntry.js');
  expect(entryAddress('https://cdn.example.cn/header/not-mf-manifest.json')).toBe('https://cdn.example.cn/header/not-mf-manifest.json');
});
