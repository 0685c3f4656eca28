// A card's picture; without one, a calm placeholder tile with the kind's icon.
import type { ReactNode } from 'react';
import { PictureOutlined } from '@ant-design/icons';

export function Cover({ src, alt, icon = <PictureOutlined />, overlay }: { src: string | null | undefined; alt: string; icon?: ReactNode; overlay?: ReactNode }) {
  return (
    <div style={{ position: 'relative' }}>
      {src ? (
        <img className="area-cover" src={src} alt={alt} loading="lazy" />
      ) : (
        <div className="area-cover area-cover-empty" aria-label={alt}>
          {icon}
        </div>
      )}
      {overlay}
    </div>
  );
}
