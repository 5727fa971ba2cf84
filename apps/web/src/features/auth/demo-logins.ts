// The demo accounts the embedded demo mode seeds (apps/server demo data); shown on the login page only when the
// system config says demoMode, so a real installation never advertises them.
export interface DemoLogin {
  roleKey: string;
  email: string;
  password: string;
}

export const DEMO_LOGINS: DemoLogin[] = [
  { roleKey: 'login.demo.admin', email: 'admin@demo.example', password: 'Demo-Admin-2026!' },
  { roleKey: 'login.demo.adviser', email: 'adviser@demo.example', password: 'Demo-Adviser-2026!' },
  // A self-service customer of its own account (apps/server billing/seed-demo-buyer.ts): one locked result, no credits.
  { roleKey: 'login.demo.buyer', email: 'buyer@demo.example', password: 'Demo-Buyer-2026!' },
];
