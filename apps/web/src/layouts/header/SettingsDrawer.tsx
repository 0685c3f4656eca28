// 系统设置: the display settings of spec/01 §3, applied at once and kept locally.
import { Divider, Drawer, Radio, Space, Switch, Tooltip } from 'antd';
import { updateDisplay, useDisplay } from '../display/store';

const COLORS = ['#1890FF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#52C41A', '#2F54EB', '#722ED1'];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', margin: '12px 0' }}>
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useDisplay();
  return (
    <Drawer title="系统设置" open={open} onClose={onClose} width={300}>
      <Divider orientation="left">整体风格</Divider>
      <Radio.Group value={s.navTheme} onChange={(e) => updateDisplay({ navTheme: e.target.value })}>
        <Radio.Button value="dark">暗色菜单</Radio.Button>
        <Radio.Button value="light">亮色菜单</Radio.Button>
      </Radio.Group>
      <Divider orientation="left">主题色</Divider>
      <Space wrap>
        {COLORS.map((c) => (
          <Tooltip key={c} title={c}>
            <button
              type="button"
              aria-label={`主题色 ${c}`}
              onClick={() => updateDisplay({ primaryColor: c })}
              style={{ width: 22, height: 22, background: c, border: s.primaryColor === c ? '2px solid #000' : 0, borderRadius: 4, cursor: 'pointer' }}
            />
          </Tooltip>
        ))}
      </Space>
      <Divider orientation="left">导航模式</Divider>
      <Radio.Group value={s.layout} onChange={(e) => updateDisplay({ layout: e.target.value })}>
        <Radio.Button value="sidemenu">侧边栏导航</Radio.Button>
        <Radio.Button value="topmenu">顶部栏导航</Radio.Button>
      </Radio.Group>
      <Row label="内容区域宽度">
        <Radio.Group size="small" value={s.contentWidth} onChange={(e) => updateDisplay({ contentWidth: e.target.value })} disabled={s.layout !== 'topmenu'}>
          <Radio.Button value="Fixed">定宽</Radio.Button>
          <Radio.Button value="Fluid">流式</Radio.Button>
        </Radio.Group>
      </Row>
      <Row label="固定 Header">
        <Switch size="small" checked={s.fixedHeader} onChange={(v) => updateDisplay({ fixedHeader: v, autoHideHeader: v && s.autoHideHeader })} />
      </Row>
      <Row label="下滑时隐藏 Header">
        <Switch size="small" checked={s.autoHideHeader} disabled={!s.fixedHeader} onChange={(v) => updateDisplay({ autoHideHeader: v })} />
      </Row>
      <Row label="固定侧边菜单">
        <Switch size="small" checked={s.fixSiderbar} disabled={s.layout === 'topmenu'} onChange={(v) => updateDisplay({ fixSiderbar: v })} />
      </Row>
      <Divider orientation="left">其他设置</Divider>
      <Row label="色弱模式">
        <Switch size="small" checked={s.colorWeak} onChange={(v) => updateDisplay({ colorWeak: v })} />
      </Row>
      <Row label="多页签模式">
        <Switch size="small" checked={s.multipage} onChange={(v) => updateDisplay({ multipage: v })} />
      </Row>
      <Row label="语音播报">
        <Switch size="small" aria-label="语音播报" checked={s.speakNotices} onChange={(v) => updateDisplay({ speakNotices: v })} />
      </Row>
    </Drawer>
  );
}
