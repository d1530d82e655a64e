import type { AboutSectionKey } from '@wenrun/shared';

/** The six offerings of the home page (docs/SPEC.md §1), each leading to its about section. */
export const OFFERINGS: { section: AboutSectionKey; title: string; summary: string }[] = [
  { section: 1, title: '关于文润', summary: '十余年专注教师专业发展，服务全国两千余所中小学校。' },
  { section: 2, title: '研训体系', summary: '新任、骨干、名师三阶成长路径，训研一体、学用结合。' },
  { section: 3, title: '精品课程', summary: '学科教学、班级管理、信息技术等六大类课程，名师授课。' },
  { section: 4, title: '智慧云', summary: '在线研修、课堂录播与教研数据汇聚于同一个云平台。' },
  { section: 5, title: '观测评价', summary: '以课堂观测与多维评价，让教师成长看得见、可追踪。' },
  { section: 6, title: '项目合作', summary: '区域研训、校本研修与定制培训，携手学校共同成长。' },
];
