import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Form, Nav } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { InputField, SubmitButton } from '@/components/FormField';
import { LoadingBlock } from '@/components/LoadingBlock';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import {
  type BlogIn,
  type BlogPost,
  blogPostQuery,
  usePreview,
  useSavePost,
  useUploadPicture,
} from './blogQueries';

type Values = {
  title: string;
  slug: string;
  summary: string;
  picture_url: string;
  body_markdown: string;
  visible: boolean;
  reason: string;
};

const EMPTY: Values = {
  title: '',
  slug: '',
  summary: '',
  picture_url: '',
  body_markdown: '',
  visible: false,
  reason: '',
};

function valuesOf(post: BlogPost): Values {
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    picture_url: post.picture_url ?? '',
    body_markdown: post.body_markdown,
    visible: post.visible,
    reason: '',
  };
}

function Editor({ post }: { post: BlogPost | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSavePost(post?.id ?? null);
  const preview = usePreview();
  const upload = useUploadPicture();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    reset,
    formState: { errors },
  } = useForm<Values>({ defaultValues: post ? valuesOf(post) : EMPTY });
  useEffect(() => {
    if (post) reset(valuesOf(post));
  }, [post, reset]);
  const picture = watch('picture_url');

  const submit = handleSubmit((values) => {
    const body: BlogIn = {
      title: values.title,
      slug: values.slug.trim() || null,
      summary: values.summary,
      body_markdown: values.body_markdown,
      picture_url: values.picture_url.trim() || null,
      visible: values.visible,
      reason: values.reason,
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t('ops.blog.saved'));
        void navigate(`/admin/edit/blog?id=${saved.id}`, { replace: true });
      },
      onError: (error) =>
        applyServerErrors(error, setError, [
          'title',
          'slug',
          'summary',
          'picture_url',
          'body_markdown',
          'visible',
        ]),
    });
  });

  return (
    <Form noValidate onSubmit={submit} className="addme-card p-3 p-sm-4" data-testid="blog-editor">
      <InputField
        id="blog-title"
        label={t('ops.blog.postTitle')}
        error={errors.title}
        maxLength={200}
        {...register('title')}
      />
      <InputField
        id="blog-slug"
        label={t('ops.blog.slug')}
        error={errors.slug}
        hint={t('ops.blog.slugHint')}
        maxLength={120}
        className="font-monospace"
        {...register('slug')}
      />
      <InputField
        id="blog-summary"
        label={t('ops.blog.summary')}
        error={errors.summary}
        maxLength={300}
        {...register('summary')}
      />
      <InputField
        id="blog-picture"
        label={t('ops.blog.pictureUrl')}
        error={errors.picture_url}
        {...register('picture_url')}
      />
      <div className="mb-3 d-flex flex-wrap align-items-center gap-3">
        <label className="btn btn-outline-secondary btn-touch mb-0">
          {upload.isPending ? t('ops.blog.uploading') : t('ops.blog.upload')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file)
                upload.mutate(file, {
                  onSuccess: ({ url }) => setValue('picture_url', url, { shouldDirty: true }),
                });
              e.target.value = '';
            }}
          />
        </label>
        {picture && (
          <img
            src={picture}
            alt={t('ops.blog.picture')}
            style={{ maxHeight: '4rem', maxWidth: '8rem', objectFit: 'cover' }}
            className="rounded"
          />
        )}
      </div>
      <Nav variant="tabs" activeKey={tab} className="mb-2">
        <Nav.Item>
          <Nav.Link eventKey="write" onClick={() => setTab('write')}>
            {t('ops.blog.write')}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link
            eventKey="preview"
            onClick={() => {
              setTab('preview');
              preview.mutate(getValues('body_markdown'));
            }}
          >
            {t('ops.blog.preview')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {tab === 'write' ? (
        <InputField
          id="blog-body"
          label={t('ops.blog.body')}
          error={errors.body_markdown}
          hint={t('ops.blog.bodyHint')}
          as="textarea"
          rows={12}
          className="font-monospace"
          {...register('body_markdown')}
        />
      ) : (
        <div className="border rounded p-3 mb-3 blog-body" data-testid="blog-preview">
          {preview.data?.html ? (
            // Rendered and sanitized by the server, as on the public page.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side (nh3)
            <div dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className="text-body-secondary mb-0">{t('ops.blog.previewEmpty')}</p>
          )}
        </div>
      )}
      <Form.Check
        type="switch"
        id="blog-visible"
        className="mb-3"
        label={t('ops.blog.publish')}
        {...register('visible')}
      />
      <InputField
        id="blog-reason"
        label={t('ops.blog.reason')}
        maxLength={300}
        {...register('reason')}
      />
      {errors.root?.server?.message && (
        <Alert variant="danger" className="small">
          {errors.root.server.message}
        </Alert>
      )}
      <SubmitButton pending={save.isPending}>{t('ops.blog.save')}</SubmitButton>
    </Form>
  );
}

/** /admin/edit/blog[?id=]: write a new post, or edit one; preview shows what visitors will read. */
export function BlogEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const existing = useQuery({ ...blogPostQuery(id ?? 0), enabled: id !== null });
  return (
    <div>
      <p className="mb-2">
        <Link to="/admin/blog">{t('ops.blog.back')}</Link>
      </p>
      <h1 className="h3">{id ? t('ops.blog.editExisting') : t('ops.blog.editTitle')}</h1>
      {id === null ? (
        <Editor post={null} />
      ) : existing.isPending ? (
        <LoadingBlock height="20rem" />
      ) : existing.isError ? (
        <Alert variant="warning">{t('ops.blog.notFound')}</Alert>
      ) : (
        <Editor post={existing.data} />
      )}
    </div>
  );
}
