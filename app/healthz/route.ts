/** Liveness for load balancers: the process is up and serving. No database, no session. */
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } });
}
