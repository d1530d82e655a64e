import { DEFAULT_RUNTIME_CONFIG } from '@wenrun/shared/node';

/** The three official accounts of the footer; ids are the last segment of their default URLs. */
export interface OfficialAccountSeed {
  id: string;
  name: string;
  intro: string;
}

const names = DEFAULT_RUNTIME_CONFIG.officialAccounts.map((account) => account.name);

export const OFFICIAL_ACCOUNTS: OfficialAccountSeed[] = [
  { id: 'wenrun', name: names[0] ?? '文润教育', intro: '发布公司动态、培训项目与教育资讯，每周更新。' },
  { id: 'yanxun', name: names[1] ?? '文润研训', intro: '研修活动通知、名师讲座预告与研训系统使用指南。' },
  { id: 'cloud', name: names[2] ?? '文润智慧云', intro: '智慧云平台的功能介绍、学校应用案例与技术支持。' },
];
