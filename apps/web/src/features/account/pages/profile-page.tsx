import { Card, Col, Flex, Row, Skeleton } from 'antd';
import { useMe } from '../../../lib/account/get-me';
import { PageHeader } from '../../../lib/page-header';
import { ChangePasswordCard } from '../components/change-password-card';
import { LoadError } from '../components/load-error';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummaryCard } from '../components/profile-summary-card';

function ProfileSkeleton() {
  return (
    <Row gutter={[24, 24]} role="status" aria-busy="true" aria-label="Loading your profile">
      <Col xs={24} lg={8}>
        <Card>
          <Flex vertical align="center" gap={16}>
            <Skeleton.Avatar active size={88} />
            <Skeleton active title={{ width: '60%' }} paragraph={{ rows: 4 }} />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Flex vertical gap={24}>
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
          <Card>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

/** /profile: your details and password. */
export default function ProfilePage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Profile" description="Your personal details and how you sign in." />
      {me.isPending ? (
        <ProfileSkeleton />
      ) : me.isError ? (
        <Card>
          <LoadError
            title="We couldn't load your profile"
            error={me.error}
            onRetry={() => void me.refetch()}
          />
        </Card>
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={8}>
            <ProfileSummaryCard user={me.data} />
          </Col>
          <Col xs={24} lg={16}>
            <Flex vertical gap={24}>
              <ProfileDetailsForm user={me.data} />
              <ChangePasswordCard />
            </Flex>
          </Col>
        </Row>
      )}
    </>
  );
}
