const fs=require('fs'),path=require('path'),zlib=require('zlib');
const {SourceMapConsumer}=require('source-map-js');
const dir=process.argv[2]; const pick=process.argv[3];
const files=fs.readdirSync(dir).filter(f=>f.endsWith('.js'));
const rows=[];
for(const f of files){const buf=fs.readFileSync(path.join(dir,f));rows.push([f,buf.length,zlib.gzipSync(buf,{level:9}).length]);}
rows.sort((a,b)=>b[2]-a[2]);
if(!pick){for(const r of rows.slice(0,40))console.log((r[2]/1024).toFixed(1).padStart(8),(r[1]/1024).toFixed(0).padStart(7),r[0]);return;}
for(const f of files.filter(f=>f.startsWith(pick))){
 const code=fs.readFileSync(path.join(dir,f),'utf8');const gz=zlib.gzipSync(code,{level:9}).length;
 const map=JSON.parse(fs.readFileSync(path.join(dir,f+'.map'),'utf8'));
 const c=new SourceMapConsumer(map);const lines=code.split('\n');const by={};
 let prev=null;
 c.eachMapping(m=>{ if(prev&&prev.generatedLine===m.generatedLine){by[prev.source]=(by[prev.source]||0)+(m.generatedColumn-prev.generatedColumn);} prev=m;});
 const tot=Object.values(by).reduce((a,b)=>a+b,0);
 const agg={};for(const [s,n] of Object.entries(by)){let k=String(s).replace(/^webpack:\/\/[^/]*\//,'');const m=k.match(/node_modules\/((@[^/]+\/)?[^/]+)/);if(m&&!process.argv[4])k='npm:'+m[1];agg[k]=(agg[k]||0)+n;}
 console.log(f,'gz',(gz/1024).toFixed(1),'KB raw',(code.length/1024).toFixed(0));
 for(const [k,n] of Object.entries(agg).sort((a,b)=>b[1]-a[1]).slice(0,+process.env.TOP||25))console.log('  ',(n/tot*gz/1024).toFixed(1).padStart(7),k);
}
