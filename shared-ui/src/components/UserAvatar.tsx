import { FallbackImage } from './FallbackImage.tsx';

const sizes = { sm: '8', md: '10', lg: '16', xl: '32' } as const;

interface UserAvatarProps {
  src: string;
  name: string;
  size?: keyof typeof sizes;
  /** Inside a control already labelled with the name (the menu button): hide it from screen readers. */
  decorative?: boolean;
}

/** A person's round picture; a broken image shows /profile.png. */
export function UserAvatar({ src, name, size = 'sm', decorative = false }: UserAvatarProps) {
  return (
    <FallbackImage
      src={src}
      alt={decorative ? '' : `${name}'s avatar`}
      boxSize={sizes[size]}
      rounded="full"
      objectFit="cover"
      bg="bg.muted"
      flexShrink={0}
    />
  );
}
