import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };
/** Same props as IconProps (the action icons' historical name). */
export type ActionIconProps = IconProps;

/** 24×24 stroke icons, `currentColor`, decorative by default (aria-hidden). */
export function make(paths: ReactNode, displayName: string) {
  function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable={false}
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

/** An icon drawn inside the standard circle (r = 9): check, cross, clock, alert, top-up, tether… */
export function makeCircled(d: string, displayName: string) {
  return make(
    <>
      <circle cx="12" cy="12" r="9" />
      <path d={d} />
    </>,
    displayName,
  );
}
