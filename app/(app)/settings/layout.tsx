import { ClientMessages } from '@/components/server/client-messages';

export default function SettingsLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages areas={['app', 'account']}>{children}</ClientMessages>;
}
