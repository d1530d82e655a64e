import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { escapeXml as escapeHtml } from '../images/svg';
import { htmlPage, PAGE_CSP } from '../pages/html';
import { OFFICIAL_ACCOUNTS } from '../seed/officialAccounts';

const ONE_DAY = 'public, max-age=86400';

const TRAINING_SYSTEM_PAGE = htmlPage(
  '文润研训系统（演示）',
  `<h1>文润研训系统（演示）</h1>
<p>这是参考服务器提供的演示页面。真实的研训系统中，教师可以在这里：</p>
<ul>
  <li>参加线上研修课程，完成研修作业；</li>
  <li>报名线下研训活动与跟岗实践；</li>
  <li>查看个人研修档案与证书。</li>
</ul>
<p class="note">演示环境不提供真实功能。</p>`,
);

const accountPages = new Map(
  OFFICIAL_ACCOUNTS.map((account) => [
    account.id,
    htmlPage(
      `${account.name}公众号（演示）`,
      `<h1>${escapeHtml(account.name)}公众号（演示）</h1>
<p>${escapeHtml(account.intro)}</p>
<p><img src="/images/accounts/${account.id}.svg" width="240" height="280" alt="${escapeHtml(account.name)}公众号二维码"></p>
<p class="note">二维码为示意图，不对应真实公众号。</p>`,
    ),
  ]),
);

function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .type('text/html; charset=utf-8')
    .header('Cache-Control', ONE_DAY)
    .header('Content-Security-Policy', PAGE_CSP)
    .send(html);
}

/** Demo images (generated SVG from the database) and the small pages the site links to. */
export function assetRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { '*': string } }>('/images/*', async (request, reply) => {
    const svg = await ctx.content.image(`/images/${request.params['*']}`);
    if (svg === undefined) return reply.callNotFound();
    // An SVG opened on its own is a document: no script may run in it, whatever it contains.
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', ONE_DAY)
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });

  app.get('/training-system', async (_request, reply) => reply.redirect('/training-system/', 301));
  app.get('/training-system/', async (_request, reply) => sendHtml(reply, TRAINING_SYSTEM_PAGE));

  app.get<{ Params: { id: string } }>('/accounts/:id', async (request, reply) => {
    const page = accountPages.get(request.params.id);
    if (page === undefined) return reply.callNotFound();
    return sendHtml(reply, page);
  });
}
