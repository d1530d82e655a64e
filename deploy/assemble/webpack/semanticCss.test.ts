import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transform } from 'lightningcss';
import postcss from 'postcss';
import { WEB_PART_FOLDERS } from '@wenrun/shared/node';
import { nuErrors } from '@wenrun/e2e/tools/nuChecker';
import { SEMANTIC_COMPONENTS, semanticCssPlugins, semanticCssPurge } from './semanticCss';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The source of every part, tests left out: what the site is built from. */
function partSources(): string[] {
  return WEB_PART_FOLDERS.flatMap((part) =>
    (fs.readdirSync(path.join(ROOT, part, 'src'), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(path.join(ROOT, part, 'src', file), 'utf8')),
  );
}

async function pruned(stylesheet: string): Promise<string> {
  const css = fs.readFileSync(path.join(ROOT, 'node_modules/semantic-ui-css/components', stylesheet), 'utf8');
  return (await postcss([semanticCssPurge()]).process(css, { from: undefined })).css;
}

describe('pruning Semantic UI stylesheets', () => {
  it('keeps the variants the site writes and drops those it never does', async () => {
    const button = await pruned('button.min.css');
    // HomePage.tsx: `<Button primary>`, `<Button basic inverted>`.
    expect(button).toMatch(/\.ui\.primary\.button/);
    expect(button).toMatch(/\.ui\.basic\.inverted\.button|\.ui\.inverted\.basic\.button/);
    // No part of the site, nor any component it renders, says olive.
    expect(button).not.toMatch(/\.olive/);
    expect(button.length).toBeLessThan(fs.statSync(path.join(ROOT, 'node_modules/semantic-ui-css/components/button.min.css')).size / 2);
  });

  it('keeps what the site’s elements say: a loading button, a negative message, the placeholder’s lines', async () => {
    expect(await pruned('button.min.css')).toMatch(/\.ui\.loading\.button/);
    expect(await pruned('message.min.css')).toMatch(/\.ui\.negative\.message/);
    const placeholder = await pruned('placeholder.min.css');
    expect(placeholder).toMatch(/\.ui\.placeholder \.line/);
    expect(placeholder).toMatch(/\.ui\.placeholder \.image\.header/);
  });

  it('keeps what semantic-ui-react sets by itself: the modal, its dimmer, and the classes it puts on <body>', async () => {
    const dimmer = await pruned('dimmer.min.css');
    expect(dimmer).toMatch(/\.dimmable/);
    expect(dimmer).toMatch(/\.dimmed/);
    const modal = await pruned('modal.min.css');
    expect(modal).toMatch(/\.ui\.modal/);
    expect(modal).toMatch(/\.tiny/);
  });

  it('reads the class names of every semantic-ui-react component the site imports', () => {
    const names = new Set(
      partSources()
        .flatMap((source) => [...source.matchAll(/import \{([^}]*)\} from 'semantic-ui-react'/g)])
        .flatMap((match) => (match[1] ?? '').split(','))
        .map((name) => name.trim())
        // `Ref` hands out a DOM node: it renders nothing of its own.
        .filter((name) => name && name !== 'Ref'),
    );
    expect(names).toContain('Modal');
    for (const name of names) expect(SEMANTIC_COMPONENTS.map((component) => path.basename(component))).toContain(name);
  });

  it('ships every Semantic UI stylesheet the site imports as the Nu HTML checker accepts it: nothing a browser drops', async () => {
    const stylesheets = new Set(partSources().flatMap((source) => [...source.matchAll(/import 'semantic-ui-css\/components\/([\w.-]+\.css)'/g)].map((match) => match[1] ?? '')));
    expect(stylesheets).toContain('button.min.css');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'semantic-css-'));
    const files: string[] = [];
    for (const stylesheet of stylesheets) {
      const css = fs.readFileSync(path.join(ROOT, 'node_modules/semantic-ui-css/components', stylesheet), 'utf8');
      const built = (await postcss(semanticCssPlugins()).process(css, { from: undefined })).css;
      // Minified as webpack.common.ts's CssMinimizerPlugin does it (lightningcss with its defaults).
      const file = path.join(dir, stylesheet);
      fs.writeFileSync(file, transform({ filename: stylesheet, code: Buffer.from(built), minify: true }).code);
      files.push(file);
    }
    const errors = nuErrors(files, 'css').map((error) => `${path.basename(error.file)} ${error.at}: ${error.message}`);
    fs.rmSync(dir, { recursive: true });
    expect(errors).toEqual([]);
  }, 60_000);
});

