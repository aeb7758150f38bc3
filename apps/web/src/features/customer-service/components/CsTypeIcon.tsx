import {
  ChatIcon,
  FacebookIcon,
  HeadsetIcon,
  MailIcon,
  TelegramIcon,
  WhatsappIcon,
  YoutubeIcon,
} from '../../../shared/ui/icons';

const ICONS: Record<string, typeof ChatIcon> = {
  FACEBOOK: FacebookIcon,
  MESSENGER: FacebookIcon,
  YOUTUBE: YoutubeIcon,
  TELEGRAM: TelegramIcon,
  WHATSAPP: WhatsappIcon,
  EMAIL: MailIcon,
  LIVECHAT: ChatIcon,
  LIVE_CHAT: ChatIcon,
};

export function CsTypeIcon({ csType }: { csType: string }) {
  const Icon = ICONS[csType.toUpperCase()] ?? HeadsetIcon;
  return <Icon width={26} height={26} />;
}
