/**
 * Demo accounts (listed in reference-api/README.md). Passwords are hashed with scrypt when seeded; the plain
 * text lives only here because these accounts exist to be typed in by whoever tries the site.
 */
export interface DemoAccount {
  mobile: string;
  password: string;
  teacherIcon: string | null;
  sid: string;
  tid: string;
  schoolName: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    mobile: '13800138000',
    password: 'Wenrun@2026',
    teacherIcon: '/images/avatars/1.svg',
    sid: 'S10001',
    tid: 'T20001',
    schoolName: '青禾市明德实验小学（演示）',
  },
  {
    // No avatar on purpose: the site shows its default avatar for this one.
    mobile: '13900139000',
    password: 'Jiaoshi@2026',
    teacherIcon: null,
    sid: 'S10002',
    tid: 'T20002',
    schoolName: '云溪县第二中学（演示）',
  },
  {
    mobile: '13700137000',
    password: 'Xiaozhang@2026',
    teacherIcon: '/images/avatars/3.svg',
    sid: 'S10003',
    tid: 'T20003',
    schoolName: '桐川区教师发展中心（演示）',
  },
];

/** Visitor accounts (first code login of an unknown mobile) belong to no school yet. */
export const VISITOR_SCHOOL_NAME = '未绑定学校';
