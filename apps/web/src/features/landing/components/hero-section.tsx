import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Image,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
// Inlined (a data URL in this chunk): the phone's largest paint waits for no further request,
// and the sized <img> below reserves its box before it decodes.
import heroUrl from '@/assets/hero-illustration.svg?inline';
import { getAppName } from '@/config/app-name';
import { paths } from '@/config/paths';

/** The illustration's viewBox, so its box is known before it loads (no layout shift). */
const HERO_WIDTH = 608;
const HERO_HEIGHT = 480;

export function HeroSection() {
  const appName = getAppName();
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      py={{ base: 40, sm: 64, md: 96 }}
      style={{
        background:
          'radial-gradient(900px 480px at 85% 10%, var(--mantine-color-brand-0), transparent 70%), linear-gradient(180deg, #ffffff 0%, var(--mantine-color-gray-0) 100%)',
      }}
    >
      <Container size="lg">
        <Grid gutter={{ base: 40, md: 48 }} align="center" overflow="hidden">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg" justify="center">
              <Badge variant="light" size="lg" radius="sm" w="fit-content" maw="100%" tt="none">
                Behavioural insights for financial firms
              </Badge>
              <Title id="hero-title" order={1} fz={{ base: 30, xs: 34, sm: 44, md: 48 }} lh={1.1}>
                Recommendations that understand your customers
              </Title>
              <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={560}>
                {appName} analyses each financial profile and behaviour, recommends the credit
                cards, loans and savings products that fit, and keeps those recommendations up to
                date as the situation changes.
              </Text>
              <Flex direction={{ base: 'column', xs: 'row' }} wrap="wrap" gap="sm" mt="xs">
                <Button
                  component={Link}
                  to={paths.register}
                  size="lg"
                  style={{ flexShrink: 0 }}
                  rightSection={<IconArrowRight size={18} />}
                >
                  Create your free account
                </Button>
                <Button
                  component={Link}
                  to={paths.login}
                  size="lg"
                  variant="default"
                  style={{ flexShrink: 0 }}
                >
                  Log into the platform
                </Button>
              </Flex>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Image
              src={heroUrl}
              alt="An analytics dashboard with customer scores and a product recommendation"
              width={HERO_WIDTH}
              height={HERO_HEIGHT}
              w="100%"
              h="auto"
              maw={560}
              mx="auto"
            />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
