/** Demo accounts seeded by the reference API (reference-api/README.md). */
export const DEMO_TEACHER = { mobile: '13800138000', password: 'Wenrun@2026', masked: '138****8000' } as const;
export const DEMO_TEACHER_WITHOUT_AVATAR = { mobile: '13900139000', password: 'Jiaoshi@2026', masked: '139****9000' } as const;
