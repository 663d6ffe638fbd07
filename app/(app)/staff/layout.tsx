import { ClientMessages } from '@/components/server/client-messages';

export default function StaffLayout({ children }: { children: React.ReactNode }) {
  return <ClientMessages areas={['app', 'staff']}>{children}</ClientMessages>;
}
