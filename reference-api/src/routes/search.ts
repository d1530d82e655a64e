import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, MESSAGES, SEARCH_KEYWORD_MAX, type SearchResult } from '@wenrun/shared/node';
import type { AppContext } from '../context';
import { ok } from '../envelope';
import { splitTerms } from '../search/terms';
import { parseBody, payload, text } from '../validation';
import { pageFields } from './content';

export const SEARCH_MESSAGES = {
  badScope: '搜索范围不正确',
} as const;

const searchBody = payload({
  keyword: text({ required: MESSAGES.searchRequired, max: SEARCH_KEYWORD_MAX, tooLong: MESSAGES.searchTooLong }),
  ...pageFields,
  scope: z.enum(['all', 'course', 'expert'], { error: SEARCH_MESSAGES.badScope }).default('all'),
});

const empty = (page: number, pageSize: number) => ({ list: [], total: 0, page, pageSize });

/** Courses and experts by keyword; each side is paged on its own with the same page and size. */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API_PATHS.search, async (request) => {
    const { keyword, page, pageSize, scope } = parseBody(searchBody, request.body);
    const terms = splitTerms(keyword);
    const [courses, experts] = await Promise.all([
      scope === 'expert' ? empty(page, pageSize) : ctx.search.courses(terms, page, pageSize),
      scope === 'course' ? empty(page, pageSize) : ctx.search.experts(terms, page, pageSize),
    ]);
    const result: SearchResult = { keyword, courses, experts };
    return ok(result);
  });
}
