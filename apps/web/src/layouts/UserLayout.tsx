// The light layout of the sign-in, register and alteration pages (no shell code here).
import { Outlet } from 'react-router';
import { useEffect } from 'react';
import { documentTitle } from '@anxue/shared/constants';
import { appConfig } from '../lib/runtimeConfig';
import './user-layout.css';

export default function UserLayout() {
  const { title } = appConfig();
  useEffect(() => {
    document.title = documentTitle(title, '登录');
  }, [title]);
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(180deg,#e6f4ff 0%,#f5f7fa 60%)', padding: '72px 16px 24px' }}>
      <div style={{ textAlign: 'center', marginBottom: 32 }}>
        <h1 style={{ fontSize: 30, margin: 0, fontWeight: 600 }}>{title}</h1>
        <p style={{ color: 'rgba(0,0,0,.45)', marginTop: 8 }}>低代码管理后台 · 学生安全教育平台</p>
      </div>
      <div style={{ maxWidth: 368, margin: '0 auto' }}>
        <Outlet />
      </div>
    </div>
  );
}
