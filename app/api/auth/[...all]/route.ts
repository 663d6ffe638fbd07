import { getApp } from '@/lib/app';

async function handle(request: Request): Promise<Response> {
  const app = await getApp();
  return app.auth.handler(request);
}

export const GET = handle;
export const POST = handle;
