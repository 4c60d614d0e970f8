/**
 * Token verification and the own-account read, as requests per second relative to a bare
 * Fastify hello route measured in the same run. `npm run bench:auth`.
 */
import { measure, report, startApp, startHello } from './support/servers.ts';

const hello = await startHello(3901);
const app = await startApp(3902);
try {
  const login = await fetch(`${app.url}/api-token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'sam.student', password: 'bullpen-student-demo' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const baseline = await measure('GET /hello (bare Fastify)', { url: `${hello.url}/hello` });
  const verify = await measure('POST /api-token-verify/', {
    url: `${app.url}/api-token-verify/`,
    method: 'POST',
    body: JSON.stringify({ token }),
  });
  const me = await measure('GET /api/users/{id}/', {
    url: `${app.url}/api/users/${user.id}/`,
    headers: { authorization: `JWT ${token}` },
  });
  report('Accounts (embedded database)', baseline, [verify, me]);
} finally {
  await app.stop();
  await hello.stop();
}
