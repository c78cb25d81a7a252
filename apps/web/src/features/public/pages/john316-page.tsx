import { theme } from 'antd';
import { useIsDark } from '../../../lib/use-is-dark';

const SERIF = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif";

/** /john316: the verse, quietly presented. */
export default function John316Page() {
  const { token } = theme.useToken();
  const dark = useIsDark();
  return (
    <section
      aria-labelledby="verse-title"
      style={{
        minHeight: '70vh',
        display: 'grid',
        placeItems: 'center',
        padding: 'clamp(48px, 10vw, 120px) 24px',
        background: dark
          ? `radial-gradient(700px 400px at 50% 0%, rgba(250, 219, 20, 0.08), transparent 70%), ${token.colorBgLayout}`
          : `radial-gradient(700px 400px at 50% 0%, rgba(250, 219, 20, 0.18), transparent 70%), ${token.colorBgLayout}`,
      }}
    >
      <article style={{ maxWidth: 760, textAlign: 'center' }}>
        <h1
          id="verse-title"
          style={{
            margin: '0 0 32px',
            fontSize: 13,
            fontWeight: 600,
            letterSpacing: 3,
            textTransform: 'uppercase',
            color: token.colorTextTertiary,
          }}
        >
          John 3:16
        </h1>
        <figure style={{ margin: 0 }}>
          <blockquote
            style={{
              margin: 0,
              fontFamily: SERIF,
              fontSize: 'clamp(24px, 4vw, 38px)',
              lineHeight: 1.45,
              color: token.colorTextHeading,
            }}
          >
            “For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him
            should not perish, but have everlasting life.”
          </blockquote>
          <figcaption
            style={{ marginTop: 24, color: token.colorTextSecondary, fontFamily: SERIF, fontStyle: 'italic' }}
          >
            John 3:16, King James Version
          </figcaption>
        </figure>
        <div
          aria-hidden
          style={{ width: 48, height: 2, margin: '48px auto', background: token.colorBorder }}
        />
        <figure style={{ margin: 0 }}>
          <blockquote
            style={{
              margin: 0,
              fontFamily: SERIF,
              fontSize: 'clamp(17px, 2.2vw, 21px)',
              lineHeight: 1.6,
              color: token.colorTextSecondary,
            }}
          >
            “For God so loved the world, that he gave his one and only Son, that whoever believes in him
            should not perish, but have eternal life.”
          </blockquote>
          <figcaption style={{ marginTop: 16, color: token.colorTextTertiary, fontSize: 14 }}>
            John 3:16, World English Bible
          </figcaption>
        </figure>
      </article>
    </section>
  );
}
