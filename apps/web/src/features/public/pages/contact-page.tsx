import { CheckCircleFilled } from '@ant-design/icons';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { Alert, Button, theme } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import styles from '../components/contact.module.css';
import { ContactAside } from '../components/contact-aside';
import { ContactForm, type ContactFormValues } from '../components/contact-form';
import { PageHero } from '../components/page-hero';

/**
 * /contact: the contact form. `plan` prefills an enquiry about that plan; `registered=true` (sent
 * after an Enterprise sign-up) thanks the new customer and explains the next step.
 */
export default function ContactPage() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const session = useSession();
  const [sent, setSent] = useState<ContactFormValues | null>(null);
  const [formKey, setFormKey] = useState(0);

  const planParam = params.get('plan');
  const plan = planParam ? resolvePlanId(planParam) : undefined;
  const registered = params.get('registered') === 'true';
  const planName = plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : null;
  const subject = params.get('subject') ?? (planName ? `${planName} plan enquiry` : undefined);
  const user = session.user;

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title={plan === 'enterprise' ? 'Let’s set up Stratos for your organisation' : 'Get in touch'}
        lead="Questions, feedback or a plan for your whole team — send us a message and we will get back to you by email."
      />
      <div className={styles.layout}>
        <div
          style={{
            padding: 'clamp(20px, 4vw, 36px)',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG * 1.5,
            border: `1px solid ${token.colorBorderSecondary}`,
            boxShadow: token.boxShadowTertiary,
            minWidth: 0,
          }}
        >
          <h2
            id="contact-form-title"
            style={{ margin: '0 0 20px', fontSize: 22, color: token.colorTextHeading }}
          >
            {sent ? 'Message sent' : 'Send us a message'}
          </h2>
          {registered && !sent && (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 24 }}
              title="Your account is ready"
              description={`Thanks for choosing ${planName ?? 'Stratos'}. Tell us a little about your organisation and we will contact you to complete your setup.`}
            />
          )}
          {sent ? (
            <div role="status" style={{ textAlign: 'center', padding: '24px 0' }}>
              <CheckCircleFilled style={{ fontSize: 48, color: token.colorSuccess }} aria-hidden />
              <p style={{ fontSize: 17, margin: '16px 0 4px', color: token.colorTextHeading }}>
                Thank you, {sent.name.trim().split(/\s+/)[0]}. Your message is on its way.
              </p>
              <p style={{ color: token.colorTextSecondary, margin: '0 0 24px' }}>
                We will reply to <strong>{sent.email.trim()}</strong>.
              </p>
              <Button
                onClick={() => {
                  setSent(null);
                  setFormKey((k) => k + 1);
                }}
              >
                Send another message
              </Button>
            </div>
          ) : (
            <ContactForm
              key={formKey}
              plan={plan}
              initial={{ name: user?.name ?? '', email: user?.email ?? '', subject }}
              onSent={setSent}
            />
          )}
        </div>
        <ContactAside />
      </div>
    </>
  );
}
